package io.proxybench.loadtest.revision;

import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.plan.PlanException;
import io.proxybench.loadtest.process.CommandRunner;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What a revision names in the kit's repository, by asking git.
 *
 * <p>{@value FrontEndSpec#WORKTREE} is the working tree with its uncommitted changes to tracked files: git
 * records them as a commit of their own ({@code git stash create}, which leaves the tree and the stash list
 * alone), whose id changes with every call; the cache keys such a build by its tree id instead, which
 * stays the same for the same changes. Untracked files are not part of it.
 */
final class GitRevisions {

    /**
     * A revision resolved.
     *
     * @param commit   what run.json records: the commit id, with {@code +changes} when uncommitted changes
     *                 were built on top of it
     * @param cacheKey the jar's directory in the cache: the commit id, or {@code tree-<id>} for changes
     * @param checkout what {@code git worktree add} checks out
     */
    record Resolved(String commit, String cacheKey, String checkout) {}

    private final Path repo;
    private final CommandRunner git;

    GitRevisions(Path repo, CommandRunner git) {
        this.repo = repo;
        this.git = git;
    }

    Resolved resolve(String label, String revision) throws PlanException {
        if (FrontEndSpec.WORKTREE.equals(revision)) {
            String head = commitOf(label, "HEAD");
            // an identity of its own: the commit is never stored in a ref, and a user without one must not fail
            String changes = run(
                            "-c", "user.name=proxybench", "-c", "user.email=proxybench@localhost", "stash", "create")
                    .output()
                    .strip();
            if (changes.isEmpty()) {
                return new Resolved(head, head, head);
            }
            String tree = run("rev-parse", changes + "^{tree}").output().strip();
            return new Resolved(head + "+changes", "tree-" + tree, changes);
        }
        String commit = commitOf(label, revision);
        return new Resolved(commit, commit, commit);
    }

    private String commitOf(String label, String revision) throws PlanException {
        CommandRunner.Result r = run("rev-parse", "--verify", "--quiet", revision + "^{commit}");
        String id = r.output().strip();
        if (!r.ok() || !id.matches("[0-9a-f]{40,64}")) {
            throw new PlanException("front end '" + label + "': '" + revision + "' is not a commit, tag or branch of "
                    + repo + (r.output().isBlank() ? "" : " (" + r.oneLine() + ")"));
        }
        return id;
    }

    /** {@code git worktree add --detach DIR CHECKOUT}. */
    void addWorktree(Path dir, String checkout) throws PlanException {
        CommandRunner.Result r = run("worktree", "add", "--detach", dir.toString(), checkout);
        if (!r.ok()) {
            throw new PlanException("git worktree add " + dir + " failed: " + r.oneLine());
        }
    }

    /** Removes a worktree made by {@link #addWorktree}; what is left over is pruned on the next call. */
    void removeWorktree(Path dir) {
        run("worktree", "remove", "--force", dir.toString());
        run("worktree", "prune");
    }

    private CommandRunner.Result run(String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-C", repo.toString()));
        command.addAll(List.of(args));
        try {
            return git.run(command);
        } catch (IOException e) {
            return new CommandRunner.Result(127, "git could not run: " + e.getMessage());
        }
    }
}
