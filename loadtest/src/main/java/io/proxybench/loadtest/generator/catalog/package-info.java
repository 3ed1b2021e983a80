/**
 * The generators --generator accepts, built by kind (GeneratorCatalog): the one place that knows
 * every implementation, so that generator itself depends on none of them. A new generator is one
 * constant of plan's GeneratorKind and one case here.
 */
package io.proxybench.loadtest.generator.catalog;
