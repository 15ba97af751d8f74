import Testing

@testable import LabKit

@Suite("lab's command line: both spellings, per-command help, errors that name the command")
struct LabOptionsTests {
  @Test("A command's help: CMD --help, CMD -h and help CMD print the same text")
  func commandHelp() throws {
    let help = LabCommand.help(for: "hint")
    let lab = try FakeLab()
    #expect(lab.run("hint", "--help") == 0)
    #expect(lab.run("hint", "-h") == 0)
    #expect(lab.run("help", "hint") == 0)
    #expect(lab.printed == [help, help, help].joined(separator: "\n"))
  }

  @Test("--name=value reads as --name value")
  func equalsSpelling() throws {
    let lab = try FakeLab()
    #expect(lab.run("verify", "--wrong-answers", "--only=1", "--repeat=2") == 0)
    #expect(lab.printed.contains("(all 2 runs)"))
    #expect(lab.run("verify", "--repeat=0") == 2)
  }

  @Test("A usage error points to the help of the command misused")
  func errorNamesTheCommand() throws {
    let lab = try FakeLab()
    #expect(lab.run("list", "--bogus") == 2)
    #expect(lab.printed.hasSuffix("lab: unknown option '--bogus'. Run 'lab list --help'."))
    #expect(lab.run("--only", "1", "verify") == 2)
    #expect(lab.printed.contains("'--only' comes before the command"))
  }
}
