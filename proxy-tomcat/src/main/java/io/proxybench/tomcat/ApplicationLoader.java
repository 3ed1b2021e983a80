package io.proxybench.tomcat;

import java.beans.PropertyChangeListener;
import org.apache.catalina.Context;
import org.apache.catalina.Loader;

/**
 * Gives the embedded contexts the application's class loader instead of a web-application loader:
 * the servlets are part of this program, there is nothing to isolate or reload, and a web-app
 * loader would run its leak hunt (and its warnings) over threads and caches the JVM shares.
 */
final class ApplicationLoader implements Loader {

    private final ClassLoader classLoader = ApplicationLoader.class.getClassLoader();
    private Context context;

    @Override
    public void backgroundProcess() {}

    @Override
    public ClassLoader getClassLoader() {
        return classLoader;
    }

    @Override
    public Context getContext() {
        return context;
    }

    @Override
    public void setContext(Context context) {
        this.context = context;
    }

    @Override
    public boolean getDelegate() {
        return true;
    }

    @Override
    public void setDelegate(boolean delegate) {}

    @Override
    @Deprecated
    public boolean getReloadable() {
        return false;
    }

    @Override
    @Deprecated
    public void setReloadable(boolean reloadable) {}

    @Override
    public void addPropertyChangeListener(PropertyChangeListener listener) {}

    @Override
    public boolean modified() {
        return false;
    }

    @Override
    public void removePropertyChangeListener(PropertyChangeListener listener) {}
}
