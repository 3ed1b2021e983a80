/**
 * Child processes and programs: starting, watching and stopping them as a tree (ChildProcess,
 * ChildProcessRegistry, ProcessTrees), running a command for its output (CommandRunner), the one
 * lookup of executables on PATH (Executables), and where the kit's own jars are (KitLayout).
 */
package io.proxybench.loadtest.process;
