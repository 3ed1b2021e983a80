/**
 * Change points in a series of figures over time: E-divisive means (Matteson and James, 2014) splits
 * the series where the energy distance between the parts is largest, a permutation test with a fixed
 * seed says whether that split stands out of the noise, and a minimum relative change drops shifts too
 * small to matter. Pure arithmetic on lists of numbers; depends on nothing else of the kit.
 */
package io.proxybench.loadtest.changepoint;
