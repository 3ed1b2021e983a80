/**
 * The generators --generator accepts, by name (GeneratorKind): the one place that knows every
 * implementation, so that generator itself depends on none of them. A new generator is one
 * constant here.
 */
package io.proxybench.loadtest.generator.catalog;
