import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;

/**
 * A MongoDB wire-compatible stand-in (mongo-java-server, in memory) for the read-store contract suite
 * on machines where no MongoDB server can be installed. Usage: java -cp 'libs/*' MongoStandIn.java PORT
 */
public class MongoStandIn {
  public static void main(String[] args) throws Exception {
    int port = args.length > 0 ? Integer.parseInt(args[0]) : 27018;
    MongoServer server = new MongoServer(new MemoryBackend());
    server.bind("127.0.0.1", port);
    System.out.println("mongo-java-server listening on 127.0.0.1:" + port);
    Runtime.getRuntime().addShutdownHook(new Thread(server::shutdown));
    Thread.currentThread().join();
  }
}
