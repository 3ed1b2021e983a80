package io.proxybench.core.filter;

import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/** Finds filters: every {@link ProxyFilter} service on the class path, plus classes named in config. */
public final class FilterLoader {

    private final ClassLoader classLoader;

    public FilterLoader(ClassLoader classLoader) {
        this.classLoader = classLoader;
    }

    public FilterLoader() {
        this(Thread.currentThread().getContextClassLoader());
    }

    /**
     * @param useServiceLoader whether to include {@code META-INF/services} registrations
     * @param classNames       fully qualified names from config, instantiated in order
     * @throws IllegalArgumentException naming the class when one cannot be loaded
     */
    public List<ProxyFilter> load(boolean useServiceLoader, List<String> classNames) {
        List<ProxyFilter> filters = new ArrayList<>();
        if (useServiceLoader) {
            for (ProxyFilter f : ServiceLoader.load(ProxyFilter.class, classLoader)) {
                filters.add(f);
            }
        }
        for (String name : classNames) {
            filters.add(instantiate(name.trim()));
        }
        return filters;
    }

    private ProxyFilter instantiate(String className) {
        try {
            Class<?> type = Class.forName(className, true, classLoader);
            if (!ProxyFilter.class.isAssignableFrom(type)) {
                throw new IllegalArgumentException(
                        "filter class " + className + " does not implement " + ProxyFilter.class.getName());
            }
            return (ProxyFilter) type.getDeclaredConstructor().newInstance();
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException("filter class not found: " + className, e);
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException(
                    "filter class " + className + " needs a public no-argument constructor", e);
        } catch (InstantiationException | IllegalAccessException | InvocationTargetException e) {
            throw new IllegalArgumentException("filter class " + className + " could not be created: " + e, e);
        }
    }
}
