package io.proxybench.loadtest.generator;

/** The generator could not produce a result for a step; the message is the step's one-line failure. */
public final class GeneratorException extends Exception {

    public GeneratorException(String message) {
        super(message);
    }
}
