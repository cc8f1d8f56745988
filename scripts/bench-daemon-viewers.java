import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * scripts/bench-daemon's viewers: N clients of the live broadcast's event stream (GET /events), as N browsers with
 * the viewer page open, each reading until the server closes its stream (the demo's game over). They come from
 * several loopback addresses (127.0.0.2, 127.0.0.3, ...), PER_ADDRESS each, as viewers on a LAN do. Prints one line:
 * how many streams were served (HTTP 200), how many refused, and the events they received in all.
 *
 *   java scripts/bench-daemon-viewers.java PORT N [PER_ADDRESS]
 */
class BenchDaemonViewers {
    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        int n = Integer.parseInt(args[1]);
        int perAddress = args.length > 2 ? Integer.parseInt(args[2]) : 25;
        AtomicInteger served = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        AtomicLong events = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            InetAddress from = InetAddress.getByName("127.0.0." + (2 + i / perAddress));
            threads.add(Thread.ofVirtual().start(() -> {
                try (Socket s = new Socket()) {
                    s.bind(new InetSocketAddress(from, 0));
                    s.connect(new InetSocketAddress("127.0.0.1", port), 5000);
                    OutputStream out = s.getOutputStream();
                    out.write("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
                            .getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                    InputStream in = s.getInputStream();
                    byte[] buffer = new byte[8192];
                    StringBuilder head = new StringBuilder();
                    boolean counted = false;
                    int r;
                    while ((r = in.read(buffer)) > 0) {
                        String text = new String(buffer, 0, r, StandardCharsets.UTF_8);
                        if (!counted) {
                            head.append(text);
                            if (head.length() >= 12) {
                                counted = true;
                                (head.toString().startsWith("HTTP/1.1 200") ? served : refused).incrementAndGet();
                            }
                        }
                        events.addAndGet(text.split("\nevent: ", -1).length - 1);
                    }
                    if (!counted) refused.incrementAndGet();
                } catch (IOException e) {
                    refused.incrementAndGet();
                }
            }));
        }
        for (Thread t : threads) t.join();
        System.out.println("viewers: " + n + " asked, " + served.get() + " served, " + refused.get() + " refused, "
                + events.get() + " events received");
    }
}
