package io.proxybench.loadtest.topology.ssh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.loadtest.topology.Role;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostsFileTest {

    private static final Path SOURCE = Path.of("hosts.properties");

    private static HostsFile parse(String... lines) {
        return HostsFile.parse(List.of(lines), SOURCE);
    }

    @Test
    void readsTargetsAddressesAndInterfaces() {
        HostsFile hosts = parse(
                "# dedicated boxes",
                "generator = local",
                "proxy=ssh:bench@proxy-1   # the box under test",
                "origin = ssh:10.0.0.13:2222",
                "proxy.address = 10.0.0.12",
                "proxy.interface = eno1");

        HostsFile.Place generator = hosts.place(Role.GENERATOR);
        assertThat(generator.local()).isTrue();
        assertThat(generator.networkInterface()).isEqualTo("lo");

        HostsFile.Place proxy = hosts.place(Role.PROXY);
        assertThat(proxy.local()).isFalse();
        assertThat(proxy.sshDestination()).isEqualTo("bench@proxy-1");
        assertThat(proxy.port()).isZero();
        assertThat(proxy.address()).isEqualTo("10.0.0.12");
        assertThat(proxy.networkInterface()).isEqualTo("eno1");

        HostsFile.Place origin = hosts.place(Role.ORIGIN);
        assertThat(origin.sshDestination()).isEqualTo("10.0.0.13");
        assertThat(origin.port()).isEqualTo(2222);
        assertThat(origin.address()).as("defaults to the ssh host").isEqualTo("10.0.0.13");
        assertThat(origin.networkInterface()).isEqualTo("eth0");
        assertThat(origin.target()).isEqualTo("ssh:10.0.0.13:2222");
    }

    @Test
    void acceptsBracketedIpv6Hosts() {
        HostsFile hosts = parse("generator=local", "proxy=ssh:bench@[fd00::12]:22", "origin=ssh:[fd00::13]");

        assertThat(hosts.place(Role.PROXY).sshDestination()).isEqualTo("bench@fd00::12");
        assertThat(hosts.place(Role.PROXY).port()).isEqualTo(22);
        assertThat(hosts.place(Role.ORIGIN).address()).isEqualTo("fd00::13");
        assertThat(hosts.place(Role.ORIGIN).target()).isEqualTo("ssh:[fd00::13]");
    }

    @Test
    void allLocalNeedsNoAddresses() {
        HostsFile hosts = parse("generator=local", "proxy=local", "origin=local");

        assertThat(hosts.place(Role.ORIGIN).address()).isEqualTo("127.0.0.1");
    }

    @Test
    void readsFromDisk(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("hosts.properties");
        Files.writeString(file, "generator=local\nproxy=ssh:a@b\norigin=ssh:a@c\n");

        assertThat(HostsFile.read(file).place(Role.ORIGIN).sshDestination()).isEqualTo("a@c");
    }

    @Test
    void sshConfigIsResolvedNextToTheHostsFileAndMustExist(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("bench-ssh.conf"), "Host *\n");
        Path file = dir.resolve("hosts.properties");
        Files.writeString(
                file,
                "generator=local\nproxy=ssh:a@b\norigin=ssh:a@c\nssh.config = bench-ssh.conf\n"
                        + "remote.dir = /var/tmp/pb\n");

        HostsFile hosts = HostsFile.read(file);

        assertThat(hosts.sshConfig()).isEqualTo(dir.resolve("bench-ssh.conf"));
        assertThat(hosts.remoteDir()).isEqualTo("/var/tmp/pb");
        assertThat(parse("generator=local", "proxy=ssh:a@b", "origin=ssh:c").remoteDir())
                .isEqualTo(".cache/proxybench");
        Files.writeString(file, "generator=local\nproxy=ssh:a@b\norigin=ssh:a@c\n\nssh.config = missing.conf\n");
        assertThatThrownBy(() -> HostsFile.read(file))
                .hasMessage(file + ":5: ssh.config: no file " + dir.resolve("missing.conf"));
        assertThatThrownBy(() -> parse("generator=local", "proxy=ssh:a@b", "origin=ssh:c", "remote.dir=$HOME/x"))
                .hasMessageStartingWith("hosts.properties:4: bad remote.dir '$HOME/x'");
    }

    @Test
    void badLinesGetOneLineErrorsWithFileAndLine() {
        assertThatThrownBy(() -> parse("generator=local", "proxy ssh:a@b"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("hosts.properties:2: expected 'role = target'");
        assertThatThrownBy(() -> parse("generatr=local"))
                .hasMessage("hosts.properties:1: unknown role 'generatr'"
                        + " (expected generator, proxy, origin, or ssh.config, remote.dir, java)");
        assertThatThrownBy(() -> parse("proxy.adress=1.2.3.4"))
                .hasMessageStartingWith("hosts.properties:1: unknown setting 'proxy.adress'");
        assertThatThrownBy(() -> parse("generator=local", "proxy=ssh:a@b", "origin=ftp://c"))
                .hasMessageStartingWith("hosts.properties:3: bad target for origin: 'ftp://c'")
                .hasMessageContaining("ssh:[user@]host[:port]");
        assertThatThrownBy(() -> parse("generator=local", "proxy=ssh:a@b", "origin="))
                .hasMessage("hosts.properties:3: no value for origin");
        assertThatThrownBy(() -> parse("generator=local", "proxy=ssh:a@b", "proxy=ssh:a@c"))
                .hasMessage("hosts.properties:3: proxy given twice (first on line 2)");
        assertThatThrownBy(() -> parse("generator=local", "proxy=ssh:a@b:70000", "origin=ssh:c"))
                .hasMessageContaining("bad ssh port 70000");
        assertThatThrownBy(() -> parse(
                        "generator=local", "proxy=ssh:a@b", "origin=ssh:c", "proxy.interface=a-name-longer-than-15"))
                .hasMessageStartingWith("hosts.properties:4: bad interface for proxy");
        assertThatThrownBy(() ->
                        parse("generator=local", "proxy=ssh:a@b", "origin=ssh:c", "origin.address=-oProxyCommand=x"))
                .hasMessageStartingWith("hosts.properties:4: bad address for origin");
    }

    @Test
    void sshTargetsCannotSmuggleOptions() {
        assertThatThrownBy(() -> parse("generator=local", "proxy=ssh:-oProxyCommand=evil", "origin=ssh:c"))
                .hasMessageStartingWith("hosts.properties:2: bad target for proxy");
        assertThatThrownBy(() -> parse("generator=local", "proxy=ssh:a@b c", "origin=ssh:c"))
                .hasMessageStartingWith("hosts.properties:2: bad target for proxy");
    }

    @Test
    void everyRoleIsRequired() {
        assertThatThrownBy(() -> parse("generator=local", "proxy=ssh:a@b"))
                .hasMessageStartingWith("hosts.properties: no entry for role origin");
    }

    @Test
    void aLocalServerNeedsAnAddressWhenOthersAreRemote() {
        assertThatThrownBy(() -> parse("generator=ssh:gen", "proxy=local", "origin=ssh:c"))
                .hasMessage("hosts.properties:2: proxy runs locally but other roles run elsewhere:"
                        + " give proxy.address, the address they can reach it at");
        HostsFile ok = parse("generator=ssh:gen", "proxy=local", "proxy.address=10.0.0.2", "origin=ssh:c");
        assertThat(ok.place(Role.PROXY).address()).isEqualTo("10.0.0.2");
    }

    @Test
    void acceptsSeveralGeneratorBoxesInOrderWithLocalAmongThem() {
        HostsFile hosts = parse(
                "generator = ssh:gen-1, local ,ssh:bench@gen-2:2222", "proxy = ssh:proxy-1", "origin = ssh:origin-1");

        assertThat(hosts.generators())
                .extracting(HostsFile.Place::target)
                .containsExactly("ssh:gen-1", "local", "ssh:bench@gen-2:2222");
        assertThat(hosts.place(Role.GENERATOR).target()).isEqualTo("ssh:gen-1");
        assertThat(hosts.allPlaces())
                .extracting(HostsFile.Place::target)
                .containsExactly("ssh:gen-1", "ssh:proxy-1", "ssh:origin-1", "local", "ssh:bench@gen-2:2222");
        assertThat(RemoteBoxes.of(hosts))
                .extracting(HostsFile.Place::target)
                .containsExactly("ssh:gen-1", "ssh:proxy-1", "ssh:origin-1", "ssh:bench@gen-2:2222");
    }

    @Test
    void refusesAGeneratorBoxNamedTwiceOrAnEmptyEntry() {
        assertThatThrownBy(() -> parse("generator = ssh:gen-1, ssh:gen-1", "proxy = ssh:p", "origin = ssh:o"))
                .hasMessage("hosts.properties:1: generator box ssh:gen-1 named twice");
        assertThatThrownBy(() -> parse("generator = ssh:gen-1,", "proxy = ssh:p", "origin = ssh:o"))
                .hasMessageStartingWith("hosts.properties:1: empty entry in the generator list 'ssh:gen-1,'");
    }

    @Test
    void javaIsThePathsUnlessTheFileNamesOneForAllBoxesOrForOneRole() {
        HostsFile defaults = parse("generator = ssh:gen-1, ssh:gen-2", "proxy = ssh:proxy-1", "origin = ssh:origin-1");
        assertThat(defaults.allPlaces()).extracting(HostsFile.Place::java).containsOnly("java");

        HostsFile hosts = parse(
                "generator = ssh:gen-1, ssh:gen-2",
                "proxy = ssh:proxy-1",
                "origin = ssh:origin-1",
                "java = /usr/lib/jvm/java-21-openjdk-amd64/bin/java",
                "origin.java = /opt/jdk-17.0.2+8/bin/java",
                "generator.java = java17");

        assertThat(hosts.place(Role.PROXY).java()).isEqualTo("/usr/lib/jvm/java-21-openjdk-amd64/bin/java");
        assertThat(hosts.place(Role.ORIGIN).java()).isEqualTo("/opt/jdk-17.0.2+8/bin/java");
        assertThat(hosts.generators()).extracting(HostsFile.Place::java).containsExactly("java17", "java17");
    }

    @Test
    void aJavaThatIsNeitherAnAbsolutePathNorACommandNameIsRefusedWithItsLine() {
        assertThatThrownBy(() -> parse(
                        "generator=local",
                        "proxy=ssh:p",
                        "origin=ssh:o",
                        "proxy.address=10.0.0.2",
                        "java = jdk/bin/java"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("hosts.properties:5: bad java 'jdk/bin/java' (an absolute path such as"
                        + " /usr/lib/jvm/java-17/bin/java, or a command on the login's PATH)");
        assertThatThrownBy(() -> parse(
                        "generator=local",
                        "proxy=ssh:p",
                        "origin=ssh:o",
                        "proxy.address=10.0.0.2",
                        "origin.java = /opt/jdk 17/bin/java"))
                .hasMessageStartingWith("hosts.properties:5: bad origin.java '/opt/jdk 17/bin/java'");
    }
}
