/**
 * The verdict of an A/B run: baseline and candidate measured in interleaved rounds, their undisturbed
 * pairs per step compared on CPU per request, requests/s, TP50 and TP99 with the kit's one Mann–Whitney U
 * test ({@code compare.RepeatTest}), a rank-based 95 % interval of the ratio, a minimum effect and Holm's
 * correction over the whole family of comparisons, and the one model {@code ab.json} is written and read
 * with. Reads step records only; depends on nothing that runs a load.
 */
package io.proxybench.loadtest.ab;
