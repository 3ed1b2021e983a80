package io.proxybench.loadtest.template;

/** A template that cannot be checked or rendered; the message says why, where it is known. */
public final class TemplateException extends Exception {

    public TemplateException(String message) {
        super(message);
    }
}
