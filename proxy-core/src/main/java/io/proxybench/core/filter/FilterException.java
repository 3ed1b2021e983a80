package io.proxybench.core.filter;

/** A filter threw or failed its stage; front ends answer 500 and count {@code proxy.errors.filter}. */
public final class FilterException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient ProxyFilter filter;

    public FilterException(ProxyFilter filter, Throwable cause) {
        super(filter.getClass().getName() + " failed: " + cause, cause);
        this.filter = filter;
    }

    public ProxyFilter filter() {
        return filter;
    }
}
