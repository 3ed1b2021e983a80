package io.proxybench.loadtest.process;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A process the kit did not start and must not stop (a proxy already running), seen through its
 * handle so that the samplers read it as they read a child. It has no streams, and destroying it
 * does nothing.
 */
final class AttachedProcess extends Process {

    private final ProcessHandle handle;

    AttachedProcess(ProcessHandle handle) {
        this.handle = handle;
    }

    @Override
    public OutputStream getOutputStream() {
        return OutputStream.nullOutputStream();
    }

    @Override
    public InputStream getInputStream() {
        return InputStream.nullInputStream();
    }

    @Override
    public InputStream getErrorStream() {
        return InputStream.nullInputStream();
    }

    @Override
    public int waitFor() throws InterruptedException {
        try {
            handle.onExit().get();
        } catch (ExecutionException e) {
            // the handle's future only ever completes normally
        }
        return 0;
    }

    @Override
    public boolean waitFor(long timeout, TimeUnit unit) throws InterruptedException {
        try {
            handle.onExit().get(timeout, unit);
            return true;
        } catch (TimeoutException | ExecutionException e) {
            return !handle.isAlive();
        }
    }

    /** Its exit code is its parent's to read; 0 stands for "gone". */
    @Override
    public int exitValue() {
        if (handle.isAlive()) {
            throw new IllegalThreadStateException("process " + handle.pid() + " is running");
        }
        return 0;
    }

    @Override
    public void destroy() {
        // not the kit's to stop
    }

    @Override
    public boolean isAlive() {
        return handle.isAlive();
    }

    @Override
    public long pid() {
        return handle.pid();
    }

    @Override
    public ProcessHandle toHandle() {
        return handle;
    }

    @Override
    public CompletableFuture<Process> onExit() {
        return handle.onExit().thenApply(h -> this);
    }
}
