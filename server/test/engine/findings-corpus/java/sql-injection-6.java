// expect: security/sql-injection@12
import org.springframework.jdbc.core.JdbcTemplate;

public class OrderRepository {
    private final JdbcTemplate jdbc;

    public OrderRepository(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public int cancel(String orderId) {
        return jdbc.update("UPDATE orders SET status = 'CANCELLED' WHERE id = '" + orderId + "'");
    }
}
