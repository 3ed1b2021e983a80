package io.proxybench.loadtest.plan;

/**
 * Where a front end's definition was read, for messages and for the line its command template
 * names in an error.
 *
 * @param file the run file, or the bundled definition's resource
 * @param line the definition's first line there
 */
public record DefinitionSource(String file, int line) {

    /** {@code FILE:LINE}, as messages cite it. */
    @Override
    public String toString() {
        return file + ":" + line;
    }
}
