// silent: security/path-traversal
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

app.MapGet("/avatars/{file}", (string file) =>
{
    var safeName = Path.GetFileName(file);
    var path = Path.Combine("/var/app/avatars", safeName);
    return File.Exists(path) ? Results.File(path, "image/png") : Results.NotFound();
});

app.Run();
