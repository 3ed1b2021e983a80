/**
 * How proxybench writes durations ({@link io.proxybench.common.units.DurationSyntax}) and byte sizes
 * ({@link io.proxybench.common.units.ByteSizeSyntax}), parsed and formatted the same way by the kit,
 * the proxies and the stub origin, so that a value one process writes means the same to the process
 * that reads it, or is refused by both with the same message. Pure text to value and back: this
 * package depends on nothing but the JDK, and range checks belong to the callers. The cases every
 * process is tested against are in this module's test-jar ({@code UnitCases}).
 */
package io.proxybench.common.units;
