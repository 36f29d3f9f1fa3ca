package io.chronohook.platform;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.stereotype.Component;
import reactor.netty.NettyPipeline;
import reactor.netty.http.server.HttpServer;

/**
 * Asks for the next read of a kept-alive HTTP/1.1 connection after every exchange on it ends. Reactor Netty 1.3.6
 * reads a connection only when asked, and a request that arrives before the previous exchange has finished is queued
 * (a client sends it as soon as it has the answer's last byte, which can be before the server has finished the
 * exchange); a queue emptied in a certain order asks for no read, and the connection is not read again: its next
 * request, and every later one, waits until the client gives up. Asking once more, after the server's own handling
 * of the exchange's end, costs one read call and closes that gap (docs/operations.md, "HTTP keep-alive").
 */
@Component
public class KeepReadingConnections implements NettyServerCustomizer {

    /** The event Reactor Netty passes along a connection's pipeline when an exchange on it has ended. */
    static final String EXCHANGE_ENDED = "reactor.netty.http.server.HttpServerOperationsTerminatedEvent";

    @Override
    public HttpServer apply(HttpServer server) {
        return server.doOnChannelInit((observer, channel, remote) -> {
            if (channel.pipeline().get(NettyPipeline.HttpTrafficHandler) != null) {
                channel.pipeline().addAfter(NettyPipeline.HttpTrafficHandler, "chronohook.keepReading",
                        new ReadAfterExchange());
            }
        });
    }

    /** After the end of each exchange, once what the server itself does then has run, asks for a read. */
    static final class ReadAfterExchange extends ChannelInboundHandlerAdapter {

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
            if (event.getClass().getName().equals(EXCHANGE_ENDED)) {
                ctx.executor().execute(() -> {
                    if (ctx.channel().isActive()) {
                        ctx.read();
                    }
                });
            }
            ctx.fireUserEventTriggered(event);
        }
    }
}
