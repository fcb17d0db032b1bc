// silent: security/sql-injection
import java.util.List;
import org.springframework.jdbc.core.JdbcTemplate;

public class OrderQueries {
    private final JdbcTemplate jdbc;

    public OrderQueries(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public List<String> statuses(long customerId) {
        return jdbc.queryForList("SELECT status FROM orders WHERE customer_id = ?", String.class, customerId);
    }
}
