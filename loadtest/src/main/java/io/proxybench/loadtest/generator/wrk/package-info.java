/**
 * Drives wrk: its command line, a Lua script that writes wrk's summary as JSON (with the latency at
 * the spectrum's levels), and the parsing of that JSON into a GeneratorResult and a latency
 * spectrum. Closed model only (a fixed number of connections).
 */
package io.proxybench.loadtest.generator.wrk;
