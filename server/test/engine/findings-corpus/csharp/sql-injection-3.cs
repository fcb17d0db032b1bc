// silent: security/sql-injection
using System.Data;
using Dapper;
using Microsoft.AspNetCore.Mvc;

namespace Crm.Api.Controllers;

[ApiController]
[Route("api/customers")]
public class CustomersController : ControllerBase
{
    private readonly IDbConnection _db;

    public CustomersController(IDbConnection db) => _db = db;

    [HttpGet("by-email")]
    public async Task<ActionResult<Customer?>> ByEmail([FromQuery] string email)
    {
        const string sql = "SELECT Id, Name, Email FROM Customers WHERE Email = @email";
        var customer = await _db.QueryFirstOrDefaultAsync<Customer>(sql, new { email });
        return customer is null ? NotFound() : Ok(customer);
    }
}
