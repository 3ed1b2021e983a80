/**
 * Health of the event loops: the watchdog that reports a loop whose thread a task holds for
 * longer than a threshold. Depends on Netty's executors only.
 */
package io.proxybench.netty.eventloop;
