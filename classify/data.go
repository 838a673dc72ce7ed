package classify

import "strings"

// dataTool judges migration tools and framework tasks that change a
// database: data outside the repository that no checkpoint brings back.
// Tasks that drop, reset, roll back or wipe are Dangerous; any other
// task changes the database and is Warning.
func dataTool(c *cmd) {
	dataTask(c, c.rest())
}

// dataTask judges the words of a database task, wherever they come from
// (knex ARGS, python manage.py ARGS, php artisan ARGS).
//
// No word is read as "prints its version" here: what -v, -h, "version"
// or "help" mean differs by tool (mongorestore -h is its host, migrate
// version asks the database), so each tool's documented forms are in
// versionFlags, and any other word is a task.
func dataTask(c *cmd, args []field) {
	if why := destructiveTask(args); why != "" {
		c.add(Dangerous, why+": data outside the project that no checkpoint restores", "builtin:database-destructive")
		return
	}
	c.add(Warning, "runs a database or framework task", "builtin:database")
}

// destructiveTask returns the word that makes a database task destroy
// data, or "".
func destructiveTask(args []field) string {
	for _, a := range args {
		if a.dyn {
			continue
		}
		s := lower(a.s)
		switch s {
		case "drop", "dropdb", "drop-all", "dropall", "reset", "reset_db", "flush", "sqlflush",
			"clean", "wipe", "purge", "truncate", "destroy", "downgrade", "down", "rollback",
			"revert", "undo", "redo", "fresh", "refresh", "zero", "--force-reset",
			"--accept-data-loss", "--drop", "--clean", "--all":
			return s
		}
		// Namespaced tasks: db:drop, migrate:fresh, schema:drop, db:migrate:undo:all.
		if strings.Contains(s, ":") {
			for part := range strings.SplitSeq(s, ":") {
				switch part {
				case "drop", "reset", "wipe", "purge", "fresh", "refresh", "rollback", "undo",
					"truncate_all", "truncate", "revert", "down", "clear", "flush", "destroy":
					return s
				}
			}
			if strings.HasSuffix(s, ":load") && strings.HasPrefix(s, "db:") {
				return s // db:schema:load replaces the database's tables
			}
		}
	}
	return ""
}

// wrapperTask judges a runner that runs a tool named by its first
// operand (npx prisma …, bundle exec rake …): the runner's own level and
// the tool's, judged as if it ran directly.
func wrapperTask(why string, l Level, rule string, skip ...string) handler {
	return func(c *cmd) {
		c.add(l, why, rule)
		args := c.rest()
		for len(args) > 0 && !args[0].dyn && (strings.HasPrefix(args[0].s, "-") || contains(skip, args[0].s)) {
			args = args[1:]
		}
		if len(args) > 0 {
			c.run(args)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// mysqladmin reads server state; drop and shutdown destroy or stop it.
func mysqladmin(c *cmd) {
	if hasWord(c.rest(), "drop", "shutdown", "flush-hosts", "flush-tables", "purge") {
		c.add(Dangerous, "drops a database or stops the server", "builtin:database-destructive")
		return
	}
	c.add(Warning, "connects to a database", "builtin:database")
}

// bundle installs gems (Warning); bundle exec runs a command with them,
// judged as that command.
func bundle(c *cmd) {
	c.add(Warning, "installs or changes project dependencies", "builtin:install")
	if args := c.rest(); first(args) == "exec" && len(args) > 1 {
		c.run(args[1:])
	}
}

// projectRunner is a Python project manager: "run CMD" runs CMD in the
// project's environment (judged as CMD), anything else changes or
// installs dependencies.
func projectRunner(c *cmd) {
	c.add(Warning, "installs or changes project dependencies", "builtin:install")
	args := c.rest()
	for i, a := range args {
		if a.dyn || strings.HasPrefix(a.s, "-") {
			continue
		}
		if a.s == "run" && i+1 < len(args) {
			_, ops := parseOpts(args[i+1:], optSpec{short: "pe", long: []string{"--with", "--python", "--env-file", "--group", "--extra", "--package", "--directory", "--project", "--env"}, stop: true})
			if len(ops) > 0 {
				c.run(ops)
			}
		}
		return
	}
}
