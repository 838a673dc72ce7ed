package classify

import "testing"

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
