/**
 * Checks before a run whether the machine can carry it: open files, listen backlogs and local
 * ports against the largest step, with one line per limit for run.json and the console.
 */
package io.proxybench.loadtest.limits;
