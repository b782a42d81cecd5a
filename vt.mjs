const cli = await import("./dist/compiler/cli/main.js");
await cli.main(process.argv.slice(2));
