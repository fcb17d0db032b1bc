// silent: security/sql-injection
using System.Data;
using System.Data.SqlClient;
using System.Text;
using System.Web.Mvc;

namespace Intranet.Controllers
{
    public class OrdersController : Controller
    {
        public ActionResult Search(string customer)
        {
            var query = new StringBuilder("SELECT Id, Reference, Total FROM Orders WHERE 1 = 1");
            using var connection = new SqlConnection(ConnectionStrings.Main);
            using var command = connection.CreateCommand();
            if (!string.IsNullOrEmpty(customer))
            {
                query.Append(" AND CustomerName = @customer");
                command.Parameters.AddWithValue("@customer", customer);
            }
            command.CommandText = query.ToString();
            var table = new DataTable();
            using (var reader = command.ExecuteReader())
            {
                table.Load(reader);
            }
            return View(table);
        }
    }
}
