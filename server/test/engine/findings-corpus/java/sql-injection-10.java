// silent: security/sql-injection
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;

public class InvoiceLookup {
    public ResultSet byId(Connection conn, long invoiceId) throws SQLException {
        return conn.createStatement().executeQuery("SELECT total, currency FROM invoices WHERE id = " + invoiceId);
    }
}
