// expect: security/unsafe-deserialization@17
using System.IO;
using System.Runtime.Serialization.Formatters.Binary;
using Microsoft.AspNetCore.Mvc;

[ApiController]
[Route("api/session")]
public class SessionController : ControllerBase
{
    [HttpPost("restore")]
    public IActionResult Restore([FromBody] string snapshot)
    {
        var bytes = System.Convert.FromBase64String(snapshot);
        using var stream = new MemoryStream(bytes);
#pragma warning disable SYSLIB0011
        var formatter = new BinaryFormatter();
        var state = formatter.Deserialize(stream);
#pragma warning restore SYSLIB0011
        return Ok(state.ToString());
    }
}
