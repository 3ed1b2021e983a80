package io.proxybench.netty.footprint;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;

/**
 * Child process of {@link IdleConnectionFootprint}: opens N keep-alive connections to a port, sends
 * one request on each, prints {@code ready}, and holds them until its standard input closes.
 */
public final class IdleClients {

    private IdleClients() {}

    public static void main(String[] args) throws IOException {
        int port = Integer.parseInt(args[0]);
        int count = Integer.parseInt(args[1]);
        List<Socket> sockets = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            Socket s = new Socket(InetAddress.getLoopbackAddress(), port);
            int status = HttpRoundTrip.get(s);
            if (status != 200) {
                throw new IOException("connection " + i + " got status " + status);
            }
            sockets.add(s);
        }
        System.out.println("ready");
        System.out.flush();
        while (System.in.read() >= 0) {
            // hold the connections until the parent is done measuring
        }
        for (Socket s : sockets) {
            s.close();
        }
    }
}
