package io.chronohook.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP relay on a loopback port in front of a real server (Postgres), which a test can cut — every connection
 * dropped, new ones refused, as when the server goes away — and restore on the same port.
 */
public final class TcpProxy implements AutoCloseable {

    private final int targetPort;
    private final int port;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private volatile ServerSocket server;

    public TcpProxy(int targetPort) {
        this.targetPort = targetPort;
        try {
            ServerSocket first = new ServerSocket();
            first.setReuseAddress(true);
            first.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            this.port = first.getLocalPort();
            listen(first);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public int port() {
        return port;
    }

    /** Drops every connection and refuses new ones. */
    public synchronized void cut() {
        closeQuietly(server);
        server = null;
        sockets.forEach(TcpProxy::closeQuietly);
        sockets.clear();
    }

    /** Accepts connections again, on the same port. */
    public synchronized void restore() {
        if (server != null) {
            return;
        }
        try {
            ServerSocket again = new ServerSocket();
            again.setReuseAddress(true);
            again.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            listen(again);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private void listen(ServerSocket socket) {
        server = socket;
        Thread.ofVirtual().start(() -> {
            while (!socket.isClosed()) {
                try {
                    Socket client = socket.accept();
                    Socket upstream = new Socket(InetAddress.getLoopbackAddress(), targetPort);
                    sockets.add(client);
                    sockets.add(upstream);
                    pump(client, upstream);
                    pump(upstream, client);
                } catch (IOException e) {
                    return;
                }
            }
        });
    }

    private void pump(Socket from, Socket to) {
        Thread.ofVirtual().start(() -> {
            byte[] buffer = new byte[16384];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException e) {
                // one side went away: close both
            } finally {
                closeQuietly(from);
                closeQuietly(to);
            }
        });
    }

    private static void closeQuietly(AutoCloseable closeable) {
        if (closeable == null) {
            return;
        }
        try {
            closeable.close();
        } catch (Exception e) {
            // already closed
        }
    }

    @Override
    public void close() {
        cut();
    }
}
