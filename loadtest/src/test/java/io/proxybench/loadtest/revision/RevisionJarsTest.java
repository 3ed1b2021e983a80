package io.proxybench.loadtest.revision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.loadtest.plan.FrontEndListParser;
import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.plan.PlanException;
import io.proxybench.loadtest.plan.RunPlan;
import io.proxybench.loadtest.process.CommandRunner;
import io.proxybench.loadtest.process.KitLayout;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Revisions of a throw-away git repository whose "build" copies {@code proxy-netty/VERSION} into the jar, so
 * that the jar says which tree it was built from; Maven does not run.
 */
class RevisionJarsTest {

    @TempDir
    Path tmp;

    private Path repo;
    private final AtomicInteger builds = new AtomicInteger();
    private final StringWriter out = new StringWriter();
    private final CommandRunner commands = CommandRunner.processes(Duration.ofSeconds(30));

    private final ProxyBuild copyVersion = (checkout, kind, log) -> {
        builds.incrementAndGet();
        Path target =
                Files.createDirectories(checkout.resolve("proxy-" + kind.id()).resolve("target"));
        Files.copy(checkout.resolve("proxy-" + kind.id()).resolve("VERSION"), target.resolve("proxy-netty.jar"));
    };

    private void git(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("git", "-C", repo.toString()));
        command.addAll(List.of(args));
        CommandRunner.Result r = commands.run(command);
        assertThat(r.ok()).as(r.output()).isTrue();
    }

    private void commitVersion(String version) throws IOException {
        Files.writeString(repo.resolve("proxy-netty/VERSION"), version);
        git("add", "-A");
        git("commit", "-q", "-m", version);
    }

    @BeforeEach
    void repository() throws IOException {
        repo = Files.createDirectories(tmp.resolve("repo/proxy-netty")).getParent();
        git("init", "-q");
        git("config", "user.name", "test");
        git("config", "user.email", "test@localhost");
        commitVersion("one");
        commitVersion("two");
    }

    private RevisionJars.Resolved resolve(String frontEnds, ProxyBuild build) throws PlanException {
        RunPlan plan =
                RunPlan.builder().frontEnds(FrontEndListParser.parse(frontEnds)).build();
        return new RevisionJars(repo, tmp.resolve("cache"), commands, build, new PrintWriter(out))
                .resolve(plan, new KitLayout(repo));
    }

    private static String jarText(RevisionJars.Resolved r, String label) throws IOException {
        return Files.readString(r.layout().proxyJar("netty", label));
    }

    @Test
    void eachRevisionRunsItsOwnBuildAndTheCurrentCheckoutKeepsItsJar() throws Exception {
        RevisionJars.Resolved r = resolve("netty,netty@HEAD~1,netty@HEAD", copyVersion);

        assertThat(jarText(r, "netty@HEAD~1")).isEqualTo("one");
        assertThat(jarText(r, "netty@HEAD")).isEqualTo("two");
        assertThat(r.layout().proxyJar("netty", "netty")).isEqualTo(repo.resolve("proxy-netty/target/proxy-netty.jar"));
        FrontEndSpec old = r.plan().frontEnds().get(1);
        assertThat(old.label()).isEqualTo("netty@HEAD~1");
        assertThat(old.settings().get(FrontEndSpec.COMMIT)).matches("[0-9a-f]{40}");
        assertThat(old.proxySettings()).isEmpty();
        assertThat(out.toString())
                .contains("revision: built netty@HEAD~1 (commit ")
                .contains(" s: ");
        // the worktrees are gone again
        assertThat(tmp.resolve("cache/worktrees")).isEmptyDirectory();
    }

    @Test
    void aSecondRunBuildsNothing() throws Exception {
        resolve("netty@HEAD~1", copyVersion);
        int first = builds.get();

        RevisionJars.Resolved again = resolve("netty@HEAD~1", copyVersion);

        assertThat(first).isEqualTo(1);
        assertThat(builds.get()).isEqualTo(1);
        assertThat(jarText(again, "netty@HEAD~1")).isEqualTo("one");
        assertThat(out.toString()).contains("jar from the cache");
    }

    @Test
    void theWorktreeBuildsUncommittedChangesAndKeysThemByContent() throws Exception {
        Files.writeString(repo.resolve("proxy-netty/VERSION"), "three");

        RevisionJars.Resolved r = resolve("netty@HEAD,netty@worktree", copyVersion);
        RevisionJars.Resolved again = resolve("netty@worktree", copyVersion);

        assertThat(jarText(r, "netty@worktree")).isEqualTo("three");
        assertThat(jarText(r, "netty@HEAD")).isEqualTo("two");
        assertThat(r.plan().frontEnds().get(1).settings().get(FrontEndSpec.COMMIT))
                .endsWith("+changes");
        assertThat(builds.get()).isEqualTo(2);
        assertThat(jarText(again, "netty@worktree")).isEqualTo("three");
        // the working tree is left as it was
        assertThat(Files.readString(repo.resolve("proxy-netty/VERSION"))).isEqualTo("three");
    }

    @Test
    void anUnknownRevisionIsOneErrorNamingIt() {
        assertThatThrownBy(() -> resolve("netty@no-such-branch", copyVersion))
                .isInstanceOf(PlanException.class)
                .hasMessageContaining(
                        "front end 'netty@no-such-branch': 'no-such-branch' is not a commit, tag or branch");
        assertThat(builds.get()).isZero();
    }

    @Test
    void aFailingBuildIsOneErrorWithItsLogAndCachesNothing() throws Exception {
        ProxyBuild broken = (checkout, kind, log) -> {
            Files.writeString(log, "[ERROR] COMPILATION ERROR");
            throw new IOException("mvn exited with 1");
        };

        assertThatThrownBy(() -> resolve("netty@HEAD~1", broken))
                .isInstanceOf(PlanException.class)
                .hasMessageContaining("front end 'netty@HEAD~1': building commit ")
                .hasMessageContaining("failed: mvn exited with 1 (log: ");

        resolve("netty@HEAD~1", copyVersion);
        assertThat(builds.get()).isEqualTo(1);
    }

    @Test
    void revisionsParseAsFrontEndsWithTheirOwnSettings() throws PlanException {
        FrontEndSpec spec =
                FrontEndListParser.parse("netty@v1.2[workers.inbound=2]").get(0);

        assertThat(spec.label()).isEqualTo("netty@v1.2[workers.inbound=2]");
        assertThat(spec.revision()).contains("v1.2");
        assertThat(spec.proxySettings()).containsOnlyKeys("workers.inbound");
        assertThatThrownBy(() -> FrontEndListParser.parse("nginx@HEAD"))
                .hasMessageContaining("only netty and tomcat are built at a revision");
        assertThatThrownBy(() -> FrontEndListParser.parse("netty@")).hasMessageContaining("expected kind@REVISION");
    }
}
