/**
 * Drives wrk: its command line, a Lua script that writes wrk's summary as JSON, and the parsing
 * of that JSON into a GeneratorResult. Closed model only (a fixed number of connections).
 */
package io.proxybench.loadtest.generator.wrk;
