/**
 * Pure readers of the machine's own files: /proc/stat, /proc/loadavg, /proc/meminfo,
 * /proc/net/dev, {@code /proc/<pid>/stat} and status, /proc/self/limits, /proc/sys (sysctls), sysctl
 * configuration files, the effective uid. Each turns text into values (and counters into rates
 * given two readings); none keeps state or decides what a figure means for a step.
 */
package io.proxybench.loadtest.proc;
