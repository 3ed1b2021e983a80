/**
 * Configuration as both front ends read it: typed, validated keys, a front end's schema of keys and
 * named profiles, and a loader that layers defaults, a profile, a properties file,
 * {@code proxybench.*} system properties and flags into one immutable {@code ProxyConfig}, checked
 * whole before any server starts. A front end's own keys lie in its namespace, so one file can tune
 * both: each ignores the other's keys but refuses unknown ones.
 */
package io.proxybench.core.config;
