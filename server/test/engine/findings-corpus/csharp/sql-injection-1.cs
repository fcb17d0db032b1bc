// expect: security/sql-injection@22
using Microsoft.AspNetCore.Mvc;
using Microsoft.Data.SqlClient;

namespace Shop.Api.Controllers;

[ApiController]
[Route("api/[controller]")]
public class ProductsController : ControllerBase
{
    private readonly SqlConnection _connection;

    public ProductsController(SqlConnection connection)
    {
        _connection = connection;
    }

    [HttpGet("search")]
    public async Task<IActionResult> Search([FromQuery] string term, [FromQuery] int limit = 20)
    {
        var sql = $"SELECT TOP {limit} Id, Name, Price FROM Products WHERE Name LIKE '%{term}%'";
        await using var command = new SqlCommand(sql, _connection);
        await _connection.OpenAsync();
        var names = new List<string>();
        await using var reader = await command.ExecuteReaderAsync();
        while (await reader.ReadAsync())
        {
            names.Add(reader.GetString(1));
        }
        return Ok(names);
    }
}
