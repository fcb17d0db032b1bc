// silent: security/path-traversal
using Microsoft.AspNetCore.Mvc;

namespace Media.Api.Controllers;

[ApiController]
[Route("api/uploads")]
public class UploadsController : ControllerBase
{
    private const string UploadRoot = "/var/media/uploads";

    [HttpPost]
    public async Task<IActionResult> Upload([FromForm] IFormFile file)
    {
        var stored = $"{Guid.NewGuid():N}{Path.GetExtension(Path.GetFileName(file.FileName))}";
        await using var target = new FileStream(Path.Combine(UploadRoot, stored), FileMode.CreateNew);
        await file.CopyToAsync(target);
        return Ok(stored);
    }
}
