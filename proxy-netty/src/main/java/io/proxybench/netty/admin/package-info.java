/**
 * The admin port: a small HTTP server for metrics and health, on its own event loop so that a
 * busy proxy still answers it.
 */
package io.proxybench.netty.admin;
