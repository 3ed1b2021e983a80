/**
 * The kit's template language for front ends it starts from a definition (a run file's own, or the
 * bundled nginx and HAProxy ones): {@code {{name}}} values, whole-number arithmetic such as
 * {@code {{4 * connections + 128}}}, and {@code {{#if name}}...{{else}}...{{/if}}} blocks. Only
 * double braces are the kit's; every other character of a proxy's own configuration language passes
 * through as written. Checked before anything starts, every error naming the file and line.
 */
package io.proxybench.loadtest.template;
