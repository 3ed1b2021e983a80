package io.proxybench.loadtest.revision;

import io.proxybench.loadtest.plan.FrontEndKind;
import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.plan.PlanException;
import io.proxybench.loadtest.plan.RunPlan;
import io.proxybench.loadtest.process.CommandRunner;
import io.proxybench.loadtest.process.KitLayout;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Gives every front end of a plan that names a revision the proxy jar of that revision: from the cache
 * when that commit was built before, else built in a git worktree of its own and kept in the cache by
 * commit id. Says in one line per front end what it built or found and how long it took; a revision that
 * does not resolve or does not build is one {@link PlanException} before anything starts.
 */
public final class RevisionJars {

    /** The environment variable that moves the cache ({@code ~/.cache/proxybench} by default). */
    public static final String CACHE_VARIABLE = "PROXYBENCH_CACHE";

    private final GitRevisions git;
    private final Path cache;
    private final ProxyBuild build;
    private final PrintWriter out;

    /**
     * @param repo  the repository whose revisions are built (the kit's own checkout)
     * @param cache where worktrees, jars and build logs go
     */
    public RevisionJars(Path repo, Path cache, CommandRunner git, ProxyBuild build, PrintWriter out) {
        this.git = new GitRevisions(repo, git);
        this.cache = cache.toAbsolutePath();
        this.build = build;
        this.out = out;
    }

    /** The kit's: its own checkout, the default cache, git and Maven as installed. */
    public static RevisionJars standard(KitLayout layout, PrintWriter out) {
        String configured = System.getenv(CACHE_VARIABLE);
        Path cache = configured != null && !configured.isBlank()
                ? Path.of(configured)
                : Path.of(System.getProperty("user.home"), ".cache", "proxybench");
        return new RevisionJars(
                layout.home(), cache, CommandRunner.processes(Duration.ofMinutes(2)), ProxyBuild.maven(), out);
    }

    /**
     * The plan with each revision's commit recorded in its front end's settings, and the layout that runs its
     * jar. A plan without revisions comes back as it was.
     */
    public record Resolved(RunPlan plan, KitLayout layout) {}

    public Resolved resolve(RunPlan plan, KitLayout layout) throws PlanException {
        List<FrontEndSpec> specs = new ArrayList<>();
        KitLayout resolved = layout;
        for (FrontEndSpec spec : plan.frontEnds()) {
            String revision = spec.revision().orElse(null);
            if (revision == null) {
                specs.add(spec);
                continue;
            }
            GitRevisions.Resolved commit = git.resolve(spec.label(), revision);
            Path jar = jar(spec, commit);
            resolved = resolved.withProxyJar(spec.label(), jar);
            specs.add(spec.withCommit(commit.commit()));
        }
        if (resolved == layout) {
            return new Resolved(plan, layout);
        }
        RunPlan withCommits = plan.withFrontEnds(specs);
        return new Resolved(withCommits, resolved);
    }

    /** The cached jar of this commit and kind, built first if missing. */
    private Path jar(FrontEndSpec spec, GitRevisions.Resolved commit) throws PlanException {
        FrontEndKind kind = spec.kind();
        String file = "proxy-" + kind.id() + ".jar";
        Path jar = cache.resolve("jars").resolve(commit.cacheKey()).resolve(file);
        if (Files.isRegularFile(jar)) {
            out.println("revision: " + spec.label() + " is commit " + commit.commit() + ", jar from the cache " + jar);
            out.flush();
            return jar;
        }
        long started = System.nanoTime();
        Path checkout = cache.resolve("worktrees").resolve(commit.cacheKey());
        Path log = cache.resolve("logs").resolve(commit.cacheKey() + "-" + kind.id() + ".log");
        try {
            Files.createDirectories(log.getParent());
            Files.createDirectories(jar.getParent());
            Files.createDirectories(checkout.getParent());
            if (Files.exists(checkout)) {
                // left over by an interrupted build
                git.removeWorktree(checkout);
            }
            git.addWorktree(checkout, commit.checkout());
            try {
                build.build(checkout, kind, log);
                Path built =
                        checkout.resolve("proxy-" + kind.id()).resolve("target").resolve(file);
                if (!Files.isRegularFile(built)) {
                    throw new IOException("the build made no " + checkout.relativize(built));
                }
                Path temp = jar.resolveSibling("." + file + ".tmp");
                Files.copy(built, temp, StandardCopyOption.REPLACE_EXISTING);
                Files.move(temp, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                git.removeWorktree(checkout);
            }
        } catch (IOException e) {
            throw new PlanException("front end '" + spec.label() + "': building commit " + commit.commit() + " failed: "
                    + e.getMessage() + " (log: " + log + ")");
        }
        out.println("revision: built " + spec.label() + " (commit " + commit.commit() + ") in "
                + seconds(System.nanoTime() - started) + ": " + jar);
        out.flush();
        return jar;
    }

    private static String seconds(long nanos) {
        long s = Math.round(nanos / 1e9);
        return s < 60 ? s + " s" : String.format(Locale.ROOT, "%d min %02d s", s / 60, s % 60);
    }
}
