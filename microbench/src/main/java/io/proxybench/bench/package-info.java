/**
 * The base class every JMH benchmark of the project extends ({@code MicroBenchmark}): average time
 * per operation in nanoseconds, one fork with Netty's leak detection off, and short iterations the
 * command line can override. Benchmarks sit in one subpackage per area;
 * {@code java -jar microbench/target/microbench.jar} runs them all, and a regex argument such as
 * {@code 'bench.pool'} runs one area.
 */
package io.proxybench.bench;
