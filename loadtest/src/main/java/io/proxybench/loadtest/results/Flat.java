package io.proxybench.loadtest.results;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a part of a record whose fields sit at the top level of the files, next to the record's own
 * ({@code cpuPct} rather than {@code machine.cpuPct}): the model is grouped, the files stay as flat as
 * the kit has always written them. {@link FlatLayout} reads and writes it.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Flat {}
