/**
 * A front end at a git revision ({@code netty@HEAD~3}, {@code tomcat@v1.2}, {@code netty@worktree}): the
 * revision resolved to a commit, its proxy module built in a git worktree of its own under the kit's cache,
 * and the jar kept by commit id so that a second run builds nothing. Only the proxy comes from the revision;
 * the stub origin and the generator stay the current checkout's. Runs git and the build before any load;
 * depends on the plan and the process layout, on nothing that measures.
 */
package io.proxybench.loadtest.revision;
