// silent: security/sql-injection
using Microsoft.AspNetCore.Mvc;
using Microsoft.EntityFrameworkCore;

namespace Billing.Web.Controllers;

public class ReportsController : Controller
{
    private readonly BillingContext _db;

    public ReportsController(BillingContext db) => _db = db;

    [HttpPost]
    public async Task<IActionResult> Archive(string year, string customer)
    {
        var y = int.Parse(year);
        await _db.Database.ExecuteSqlRawAsync("UPDATE Invoices SET Archived = 1 WHERE YEAR(IssuedAt) < " + y);
        var rows = await _db.Invoices
            .FromSqlInterpolated($"SELECT * FROM Invoices WHERE Customer = {customer}")
            .ToListAsync();
        return View(rows);
    }
}
