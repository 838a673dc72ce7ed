package classify

import (
	"strings"
	"testing"
)

// The build tools judge every option by their tables: building and
// testing the project stays safe, a build file, script or settings file
// outside the project is warning (a credential blocked), an option that
// runs a program or writes outside the project is judged as such, and
// an option the table does not list is warning.
func TestBuildToolsJudgeTheirOptions(t *testing.T) {
	checkLevels(t, []levelCase{
		// GNU make 4.3: glued -j/-l/-O values, -C followed for later paths.
		{"make test", Safe}, {"make -j4 test", Safe}, {"make -sj8 check", Safe}, {"make -j 4 -l 2.5 test", Safe},
		{"make -k -Oline test", Safe}, {"make --debug=b --no-print-directory build", Safe}, {"gmake -C sub test", Safe},
		{"make -n install", Safe}, {"make --dry-run CC=clang", Safe}, {"make -q build", Safe}, {"make -p", Safe},
		{"make --frobnicate test", Warning}, {"make -Z test", Warning}, {"make -f other.mk test", Warning},
		{"make -f ~/x.mk test", Warning}, {"make -C ../other test", Warning}, {"make -I ../inc test", Warning},
		{"make --eval=x test", Warning}, {"make -t", Warning}, {"make lint", Warning}, {"make", Warning},
		{"make -n -f ~/x --eval='$(shell rm -rf ~)'", Warning}, {"make -n 'X:=$(shell id)'", Warning},
		{"make install", Dangerous}, {"make SHELL=/tmp/sh test", Dangerous},
		{"make -C ~ -f .ssh/id_rsa test", Blocked}, {"make -f ~/.aws/credentials", Blocked}, {"make -I ~/.ssh test", Blocked},
		// bmake 20200710: -T and -d F write, -V with $ expands.
		{"bmake test", Safe}, {"bmake -j 4 -s check", Safe}, {"bmake -V CFLAGS", Safe}, {"bmake -n install", Safe}, {"bmake -d m test", Safe},
		{"bmake --frobnicate test", Warning}, {"bmake -Z test", Warning}, {"bmake -f x.mk test", Warning}, {"bmake -m ../mk test", Warning},
		{"bmake -V '${:!id!}'", Warning}, {"bmake -v X", Safe}, {"bmake -d AF../x test", Dangerous},
		{"bmake -T ~/.bashrc test", Blocked}, {"bmake -d F+/home/dev/.profile test", Blocked}, {"bmake -C ~/.ssh", Blocked},
		// Maven 3.8.7: settings, toolchains and POM read; -l written; -D properties.
		{"mvn test", Safe}, {"mvn -q verify", Safe}, {"mvn -B -ntp -pl core -am test", Safe}, {"mvn -DskipTests package", Safe},
		{"mvn -Dtest=FooTest test", Safe}, {"mvn -T4 test", Safe}, {"mvn -T 1C clean test", Safe}, {"mvn -Pdev --offline test", Safe},
		{"mvnw -e -X test", Safe}, {"mvn -f sub/pom.xml test", Safe}, {"mvn --also-make --projects core test", Safe},
		{"mvn --frobnicate test", Warning}, {"mvn -zz test", Warning}, {"mvn -f ../other/pom.xml test", Warning},
		{"mvn --file=../pom.xml test", Warning}, {"mvn -gs /tmp/settings.xml test", Warning}, {"mvn -t ../toolchains.xml test", Warning},
		{"mvn -Dexec.executable=sh exec:exec", Warning}, {"mvn -Dfoo.outputFile=/tmp/x test", Warning}, {"mvn -ep secret", Warning},
		{"mvn dependency:tree", Warning}, {"mvn install", Dangerous}, {"mvn deploy", Dangerous},
		{"mvn -Dmaven.repo.local=/tmp/repo test", Dangerous}, {"mvn -l ../build.log test", Dangerous},
		{"mvn -s ~/.aws/credentials test", Blocked}, {"mvn -l ~/.bashrc test", Blocked}, {"mvn -Dmaven.repo.local=/home/dev/.ssh test", Blocked},
		// Gradle 8.5: -p followed, init scripts run, -D org.gradle.* judged.
		{"gradle test", Safe}, {"gradle build --no-daemon", Safe}, {"gradle test --tests 'com.x.FooTest'", Safe},
		{"gradle :app:test -x lint", Safe}, {"gradlew -p sub test", Safe}, {"gradle -Pversion=1 build", Safe},
		{"gradle tasks --all", Safe}, {"gradle dependencies --configuration runtimeClasspath", Safe}, {"gradlew --offline --parallel -q check", Safe},
		{"gradle -Dorg.gradle.parallel=true build", Safe},
		{"gradle --frobnicate test", Warning}, {"gradle -Z test", Warning}, {"gradle -p ../other test", Warning},
		{"gradle -I init.gradle test", Warning}, {"gradle --init-script=/tmp/i.gradle build", Warning}, {"gradle -c ../settings.gradle build", Warning},
		{"gradle -Dorg.gradle.java.home=/tmp/j test", Warning}, {"gradle -Dorg.gradle.jvmargs=-javaagent:/tmp/a.jar test", Warning},
		{"gradle -Djavax.net.ssl.trustStore=/tmp/t build", Warning}, {"gradle --scan build", Warning}, {"gradle run", Warning},
		{"gradle publish", Dangerous}, {"gradle --project-cache-dir /tmp/c build", Dangerous},
		{"gradle -g ~/.ssh test", Blocked}, {"gradle -I ~/.aws/credentials test", Blocked}, {"gradle -b ~/.netrc build", Blocked},
	})
}

// ninja, cmake and ctest: the configured tree's build and tests are
// safe; scripts, file commands, installs and dashboards are judged.
func TestCMakeToolsJudgeTheirOptions(t *testing.T) {
	checkLevels(t, []levelCase{
		// ninja 1.11.1: -C followed, -t subtools.
		{"ninja", Safe}, {"ninja -C build", Safe}, {"ninja -C build test", Safe}, {"ninja -C build -j4 -v", Safe}, {"ninja -n", Safe},
		{"ninja -t targets all", Safe}, {"ninja -C build -t compdb", Safe}, {"ninja -t commands -s foo", Safe},
		{"ninja --frobnicate", Warning}, {"ninja -Z", Warning}, {"ninja -t clean", Warning}, {"ninja -t browse", Warning},
		{"ninja -t commands --zz", Warning}, {"ninja -f ../x.ninja", Warning}, {"ninja -C ../other", Warning}, {"ninja mylib", Warning},
		{"ninja -C build install", Dangerous}, {"ninja -C ~/.ssh", Blocked}, {"ninja -f /home/dev/.aws/credentials", Blocked},
		// cmake 3.25.1: configure, --build, --install, -P, -E.
		{"cmake -N -LA build", Safe}, {"cmake --build build --target test", Safe},
		{"cmake --system-information info.txt", Safe}, {"cmake -E echo hi", Safe}, {"cmake -E cat CMakeLists.txt", Safe},
		{"cmake -E sha256sum a.tar", Safe}, {"cmake -E chdir build ls", Safe}, {"cmake --help-full", Safe}, {"cmake -E capabilities", Safe},
		// Configuring runs CMakeLists.txt (execute_process, file(DOWNLOAD)), as make runs its makefile.
		{"cmake -S . -B build", Warning}, {"cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -G Ninja", Warning}, {"cmake -B build -DBUILD_TESTS=ON", Warning},
		{"cmake -LAH -B build", Warning}, {"cmake -Wno-dev -B build", Warning}, {"cmake --preset x", Warning}, {"cmake .", Warning},
		{"cmake -B build --install-prefix /root", Warning}, {"cmake -B build --install-prefix=/opt/x", Warning},
		{"cmake -B build --install-prefix ~/.ssh", Blocked},
		{"cmake --frobnicate -B build", Warning}, {"cmake -Z", Warning}, {"cmake --build build", Warning}, {"cmake ..", Warning},
		{"cmake -B build -DCMAKE_C_COMPILER=/tmp/cc", Warning}, {"cmake -B build -DCMAKE_PROJECT_INCLUDE=x.cmake", Warning},
		{"cmake -B build --toolchain ../tc.cmake", Warning}, {"cmake -B build -DMY_DATA=../data", Warning}, {"cmake -P script.cmake", Warning},
		{"cmake --build build -- -f ../evil.mk", Warning}, {"cmake --open build", Warning}, {"cmake -E frobnicate", Warning},
		{"cmake -E make_directory build", Warning}, {"cmake -E tar xf x.tar", Warning}, {"cmake --build build --frobnicate", Warning},
		{"cmake --install build", Dangerous}, {"cmake --build build --target install", Dangerous}, {"cmake -B /tmp/b", Dangerous},
		{"cmake -E rm -rf build", Dangerous}, {"cmake -E copy a ../b", Dangerous}, {"cmake --graphviz=/tmp/g.dot -B build", Dangerous},
		{"cmake -C ~/.aws/credentials -B build", Blocked}, {"cmake -B ~/.ssh", Blocked}, {"cmake -E rm -rf ~", Blocked},
		{"cmake -E copy a ~/.bashrc", Blocked}, {"cmake -E cat ~/.ssh/id_rsa", Blocked}, {"cmake --help-full /home/dev/.bashrc", Blocked},
		{"cmake -E chdir ~ cat .netrc", Blocked}, {"cmake -E time cat ~/.ssh/id_rsa", Blocked}, {"cmake -B build -DKEY=/home/dev/.ssh/id_rsa", Blocked},
		// ctest 3.25.1: scripts, dashboards, --build-and-test, reports.
		{"ctest", Safe}, {"ctest --test-dir build", Safe}, {"ctest --output-on-failure -j4", Safe}, {"ctest -j 4 -R foo -E bar", Safe},
		{"ctest -VV -LE slow", Safe}, {"ctest -N", Safe}, {"ctest -C Release --output-junit report.xml", Safe}, {"ctest -I 1,5", Safe},
		{"ctest --frobnicate", Warning}, {"ctest -Z", Warning}, {"ctest foo", Warning}, {"ctest -S ctest.cmake", Warning},
		{"ctest -D Experimental", Warning}, {"ctest -T Submit", Warning}, {"ctest --test-dir ../other", Warning},
		{"ctest --build-and-test . b --test-command sh -c id", Warning},
		{"ctest -O ../ctest.log", Dangerous},
		{"ctest -O ~/.bashrc", Blocked}, {"ctest --test-dir ~/.ssh", Blocked}, {"ctest -I ~/.netrc", Blocked},
		{"ctest --build-and-test . b --test-command cat /home/dev/.ssh/id_rsa", Blocked},
	})
}

// meson, scons and ant: their verbs and options, the build files and
// directories they are pointed at, and the programs they run.
func TestMesonSconsAntJudgeTheirOptions(t *testing.T) {
	checkLevels(t, []levelCase{
		// meson 1.0.1: setup (the default verb), compile, test, introspect.
		{"meson compile -C build", Safe}, {"meson test -C build --print-errorlogs -v", Safe}, {"meson test --list", Safe},
		{"meson introspect build --targets", Safe}, {"meson configure build", Safe}, {"meson configure build -Dfoo=bar", Safe},
		// Configuring runs meson.build (run_command), as make runs its makefile.
		{"meson setup build", Warning}, {"meson build", Warning}, {"meson setup build --buildtype=release -Dtests=true", Warning},
		{"meson setup --reconfigure build", Warning},
		{"meson setup build --zz", Warning}, {"meson --zz setup build", Warning}, {"meson test -Z", Warning},
		{"meson compile -C build mytarget", Warning}, {"meson compile -C build --ninja-args=-t,clean", Warning},
		{"meson test --wrapper valgrind", Warning}, {"meson test --gdb", Warning}, {"meson subprojects update", Warning},
		{"meson wrap install zlib", Warning}, {"meson rewrite target x add y.c", Warning}, {"meson setup build ../other", Warning},
		{"meson setup build --cross-file ../cross.ini", Warning}, {"meson devenv -C build ls", Warning},
		{"meson install -C build", Dangerous}, {"meson setup /tmp/b", Dangerous},
		{"meson setup build --native-file ~/.aws/credentials", Blocked}, {"meson test --wrapper 'cat /home/dev/.ssh/id_rsa'", Blocked},
		{"meson devenv -C build cat ~/.ssh/id_rsa", Blocked}, {"meson compile -C ~/.ssh", Blocked}, {"meson setup build -Dkey=/home/dev/.netrc", Blocked},
		// SCons 4.4.0: SConstruct and site dirs are Python.
		{"scons -j4 test", Safe}, {"scons -Q build", Safe}, {"scons -n test", Safe}, {"scons -C sub check", Safe},
		{"scons", Warning}, {"scons -n", Warning}, {"scons --dry-run", Warning}, {"scons -q", Warning}, {"scons --frobnicate build", Warning}, {"scons -Z build", Warning}, {"scons -c", Warning},
		{"scons -f ../SConstruct build", Warning}, {"scons --site-dir=/tmp/s build", Warning}, {"scons -u test", Warning},
		{"scons --interactive", Warning}, {"scons --debug=pdb build", Warning},
		{"scons install", Dangerous}, {"scons -n install", Dangerous}, {"scons --profile=/tmp/p build", Dangerous},
		{"scons --profile=/home/dev/.bashrc build", Blocked}, {"scons -I ~/.ssh build", Blocked},
		// Ant 1.10.13: build files, property files, jars and classes.
		{"ant test", Safe}, {"ant -f build.xml compile", Safe}, {"ant -Dfoo=bar -q test", Safe}, {"ant -p", Safe}, {"ant -buildfile sub/build.xml clean", Safe},
		{"ant", Warning}, {"ant --frobnicate test", Warning}, {"ant -zz test", Warning}, {"ant -lib /tmp/x.jar test", Warning},
		{"ant -lib lib test", Warning}, {"ant -logger org.x.Y test", Warning}, {"ant -propertyfile ../p.properties test", Warning},
		{"ant -find build.xml test", Warning}, {"ant run", Warning},
		{"ant deploy", Dangerous}, {"ant -logfile /tmp/ant.log test", Dangerous},
		{"ant -f ~/.ssh/id_rsa test", Blocked}, {"ant -logfile ~/.bashrc test", Blocked}, {"ant -propertyfile /home/dev/.netrc test", Blocked},
	})
}

// buildNames are the build tools judged by their tables here.
var buildNames = strings.Fields("make gmake bmake mvn mvnw gradle gradlew ninja cmake ctest meson scons ant dotnet swift dart sbt lein")

// FuzzBuildTablesNeverSafe checks that whatever follows, an option a
// build tool's table does not list, first on the command line, keeps the
// command from being safe.
func FuzzBuildTablesNeverSafe(f *testing.F) {
	for i, s := range []string{"", "test", "-C build test", "-j4 check", "-S . -B build", "-E echo hi", "--build build --target test",
		"setup build", "test -C build", "-Dx=y test", "-p", "--help", "-- test", "-t targets"} {
		f.Add(uint8(i), s)
	}
	f.Fuzz(func(t *testing.T, n uint8, rest string) {
		name := buildNames[int(n)%len(buildNames)]
		cmd := name + " --zz-not-modelled " + rest
		if !parses(cmd) || strings.ContainsAny(rest, "\n;&|`$(){}<>#") {
			return // another command, a comment or an expansion could follow
		}
		if v := Classify(shellAction(cmd), Policy{}); v.Level == Safe {
			t.Errorf("Classify(%q) = safe with an option %s's table does not list\nreasons: %q", cmd, name, v.Reasons)
		}
	})
}

// dotnet and swift: building and testing the project is safe; MSBuild
// switches and properties, compiler flags, toolchains, output and log
// files, test adapters and the test host's environment are judged.
func TestDotnetAndSwiftJudgeTheirOptions(t *testing.T) {
	checkLevels(t, []levelCase{
		// .NET SDK 8.0: build, test, MSBuild switches.
		{"dotnet build", Safe}, {"dotnet test", Safe}, {"dotnet --info", Safe}, {"dotnet --list-sdks", Safe},
		{"dotnet build -c Release", Safe}, {"dotnet build src/App.csproj -c Release --no-restore", Safe},
		{"dotnet test --no-build --filter Category=Unit -v n", Safe}, {`dotnet test --logger "trx;LogFileName=results.trx"`, Safe},
		{"dotnet build -p:Configuration=Release", Safe}, {"dotnet build /p:Version=1.2.3 -m", Safe}, {"dotnet build -bl", Safe}, {"dotnet test -t", Safe},
		{"dotnet build --frobnicate", Warning}, {"dotnet --zz build", Warning}, {"dotnet build -zz:foo", Warning},
		{"dotnet build -p:CscToolPath=/tmp", Warning}, {"dotnet build -logger:/tmp/x.dll", Warning}, {"dotnet test --test-adapter-path /tmp/a", Warning},
		{"dotnet build ../other/x.csproj", Warning}, {"dotnet run", Warning}, {"dotnet restore", Warning}, {"dotnet build @switches.rsp", Warning},
		{"dotnet publish -c Release", Dangerous}, {"dotnet tool install -g x", Dangerous}, {"dotnet nuget push x.nupkg", Dangerous},
		{"dotnet build -bl:/tmp/x.binlog", Dangerous}, {"dotnet build -o /tmp/out", Dangerous}, {"dotnet test -e LD_PRELOAD=/tmp/x.so", Dangerous},
		{"dotnet build -o ~/.ssh", Blocked}, {"dotnet test -s ~/.aws/credentials", Blocked}, {"dotnet build @/home/dev/.netrc", Blocked},
		{"dotnet test --results-directory /home/dev/.ssh", Blocked},
		// Run settings after "--" go to the test host: none is modelled,
		// and their paths go by the path rules.
		{"dotnet test -- RunConfiguration.DotnetHostPath=/root/evil", Warning}, {"dotnet test -- RunConfiguration.TestAdaptersPaths=/root/x", Warning},
		{"dotnet test -- MSTest.DeploymentEnabled=true", Warning}, {"dotnet test -- NUnit.NumberOfTestWorkers=2", Warning},
		{"dotnet test --filter Category=Unit -- xUnit.MaxParallelThreads=1", Warning}, {`dotnet test -- "$SETTING"`, Warning},
		{"dotnet build -- -p:Foo=1", Warning},
		{"dotnet test -- RunConfiguration.ResultsDirectory=/root", Dangerous}, {"dotnet test -- CoverletOutput=/tmp/cov/", Dangerous},
		{"dotnet test -- RunConfiguration.ResultsDirectory=/home/dev/.ssh", Blocked}, {"dotnet test -- RunConfiguration.TestAdaptersPaths=/home/dev/.aws", Blocked},
		// .NET and CoreCLR code-loading variables, by -e, assignment or env.
		{"dotnet test -e DOTNET_STARTUP_HOOKS=/root/x.dll", Dangerous}, {"DOTNET_STARTUP_HOOKS=/root/x.dll dotnet test", Dangerous},
		{"env DOTNET_STARTUP_HOOKS=/root/x.dll dotnet test", Dangerous}, {"dotnet test -e DOTNET_ADDITIONAL_DEPS=/tmp/d.json", Dangerous},
		{"DOTNET_SHARED_STORE=/tmp/s dotnet build", Dangerous}, {"env CORECLR_ENABLE_PROFILING=1 dotnet test", Dangerous},
		{"CORECLR_PROFILER={0} dotnet test", Dangerous}, {"dotnet test --environment CORECLR_PROFILER_PATH=/tmp/p.so", Dangerous},
		{"CORECLR_PROFILER_PATH_64=/tmp/p.so dotnet test", Dangerous}, {"CORECLR_PROFILER_PATH_ARM64=/tmp/p.so dotnet test", Dangerous},
		{"COR_ENABLE_PROFILING=1 dotnet test", Dangerous}, {"env COR_PROFILER={0} dotnet test", Dangerous}, {"COR_PROFILER_PATH=/tmp/p.dll dotnet test", Dangerous},
		{"DOTNET_ROOT=/tmp/dn dotnet test", Dangerous}, {"export DOTNET_STARTUP_HOOKS=/tmp/h.dll", Dangerous},
		{"DOTNET_CLI_TELEMETRY_OPTOUT=1 dotnet test", Safe}, {"dotnet test -e ASPNETCORE_ENVIRONMENT=Test", Safe},
		// SwiftPM 5.9: build and test; package verbs.
		{"swift build", Safe}, {"swift test", Safe}, {"swift build -c release", Safe}, {"swift test --filter FooTests --parallel", Safe},
		{"swift test -l", Safe}, {"swift package describe", Safe}, {"swift build --show-bin-path", Safe}, {"swift build -j 4 -v", Safe},
		{"swift build --frobnicate", Warning}, {"swift build foo", Warning}, {"swift build -Xswiftc -warnings-as-errors", Warning},
		{"swift build --package-path ../other", Warning}, {"swift build --toolchain /tmp/tc", Warning}, {"swift build --disable-sandbox", Warning},
		{"swift package update", Warning}, {"swift package plugin foo", Warning}, {"swift run", Warning}, {"swift script.swift", Warning},
		{"swift build --scratch-path /tmp/b", Dangerous},
		{"swift build --netrc-file ~/.netrc", Blocked}, {"swift test --xunit-output ~/.bashrc", Blocked},
	})
}

// dart: analyzing, testing and checking the formatting are safe; format
// without -o none rewrites, coverage and reporter files are judged as
// writes, and the verbs without a table are warning.
func TestDartJudgesItsOptions(t *testing.T) {
	checkLevels(t, []levelCase{
		{"dart analyze", Safe}, {"dart analyze --fatal-infos lib", Safe}, {"dart test", Safe}, {"dart test test/foo_test.dart -n 'parses'", Safe},
		{"dart test --coverage=coverage -j 4 -r expanded", Safe}, {"dart format --output=none --set-exit-if-changed .", Safe},
		{"dart format -o none lib", Safe}, {"dart info", Safe},
		{"dart analyze --frobnicate", Warning}, {"dart --zz analyze", Warning}, {"dart test -Z", Warning}, {"dart format .", Warning},
		{"dart pub get", Warning}, {"dart pub deps", Warning}, {"dart run", Warning}, {"dart bin/main.dart", Warning},
		{"dart fix --apply", Warning}, {"dart compile exe bin/main.dart", Warning}, {"dart test --pause-after-load", Warning},
		{"dart test --coverage=/tmp/cov", Dangerous}, {"dart format ../other", Dangerous},
		{"dart test --file-reporter json:/home/dev/.bashrc", Blocked}, {"dart analyze --packages ~/.ssh/id_rsa", Blocked}, {"dart analyze ~/.ssh", Blocked},
	})
}

// sbt and lein: their commands and tasks by name (set and eval run code
// from the command line), the runner's options by its table, and the
// JVM options that load code.
func TestSbtAndLeinJudgeTheirOptions(t *testing.T) {
	checkLevels(t, []levelCase{
		// sbt runner 1.9.7.
		{"sbt test", Safe}, {"sbt compile test", Safe}, {`sbt "testOnly com.x.FooSpec"`, Safe}, {`sbt ";clean;test"`, Safe}, {"sbt core/test", Safe},
		{"sbt ~test", Safe}, {"sbt -Dfoo=bar test", Safe}, {"sbt -J-Xmx2g test", Safe}, {"sbt -batch -no-colors test", Safe}, {"sbt -mem 2048 test", Safe},
		{"sbt", Warning}, {"sbt --frobnicate test", Warning}, {"sbt -zz test", Warning}, {"sbt run", Warning}, {`sbt "set test := { sys.process.Process(\"id\").! }"`, Warning},
		{`sbt "eval 1"`, Warning}, {"sbt console", Warning}, {"sbt -J-javaagent:/tmp/a.jar test", Warning}, {"sbt -J-XX:OnOutOfMemoryError=id test", Warning},
		{"sbt -java-home /tmp/j test", Warning}, {"sbt -jvm-debug 5005 test", Warning}, {"sbt -S-Xplugin:/tmp/p.jar compile", Warning},
		{"sbt -Djava.security.manager=x test", Warning},
		{"sbt publish", Dangerous}, {`sbt ";test;publishLocal"`, Dangerous}, {"sbt -ivy /tmp/ivy test", Dangerous},
		{"sbt -sbt-dir ~/.ssh test", Blocked}, {"sbt -sbt-jar ~/.ssh/id_rsa test", Blocked},
		// Leiningen 2.10.0.
		{"lein test", Safe}, {"lein -o test", Safe}, {"lein test :integration", Safe}, {"lein with-profile +dev test", Safe},
		{"lein do clean, test", Safe}, {"lein uberjar", Safe}, {"lein test my.ns-test", Safe}, {"lein test test/my/ns_test.clj", Safe},
		{"lein --frobnicate test", Warning}, {"lein test --zz", Warning}, {"lein do clean, run", Warning}, {"lein run", Warning}, {"lein repl", Warning},
		{"lein update-in : assoc :x 1 -- test", Warning}, {"lein test ../other/x_test.clj", Warning},
		{"lein deploy clojars", Dangerous}, {"lein install", Dangerous},
		{"lein test /home/dev/.ssh/id_rsa", Blocked},
	})
}

// make takes the word after -j as the job count only when it is all
// digits, and after -l only a decimal number: "." and ".." are targets,
// which are not the project's build-or-test targets, and stay judged.
func TestMakeTakesOnlyNumbersAsCounts(t *testing.T) {
	checkLevels(t, []levelCase{
		{"make -j 4 test", Safe}, {"make -l 2.5 test", Safe}, {"make -l .5 check", Safe}, {"make -j4 -l1 test", Safe},
		{"make -j . test", Warning}, {"make -j .. test", Warning}, {"make -l . test", Warning}, {"make -j 1.5 test", Warning},
		{"make -j 1.2.3 test", Warning}, {"cmake --build build -j 4", Warning}, {"cmake --build build -j . --target test", Warning},
	})
	for _, tc := range []struct {
		word         string
		count, float bool
	}{
		{"4", true, true}, {"12", true, true}, {"2.5", false, true}, {".5", false, true}, {"5.", false, true},
		{".", false, false}, {"..", false, false}, {"1.2.3", false, false}, {"", false, false}, {"4x", false, false},
	} {
		if got := isCount(lit(tc.word)); got != tc.count {
			t.Errorf("isCount(%q) = %v, want %v", tc.word, got, tc.count)
		}
		if got := isNumber(lit(tc.word)); got != tc.float {
			t.Errorf("isNumber(%q) = %v, want %v", tc.word, got, tc.float)
		}
	}
}
