// silent: security/unsafe-deserialization
using System.Text.Json;
using Microsoft.AspNetCore.Mvc;

public record Snapshot(string Cart, int Step);

[ApiController]
[Route("api/session")]
public class SessionController : ControllerBase
{
    [HttpPost("restore")]
    public IActionResult Restore([FromBody] string snapshot)
    {
        var state = JsonSerializer.Deserialize<Snapshot>(snapshot);
        return state is null ? BadRequest() : Ok(state.Cart);
    }
}
