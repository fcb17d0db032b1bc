// silent: security/sql-injection
import java.util.List;
import org.springframework.jdbc.core.JdbcTemplate;

public class InvoiceRepository {
    private final JdbcTemplate jdbc;

    public InvoiceRepository(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public int markPaid(String invoiceId) {
        return jdbc.update("UPDATE invoices SET paid = TRUE WHERE id = ?", invoiceId);
    }

    public List<String> numbersFor(String customer) {
        return jdbc.queryForList("SELECT number FROM invoices WHERE customer = ?", String.class, customer);
    }
}
