import ArgumentParser
import Foundation
import ModelgenCore

/// `modelgen`: generates Swift, Kotlin and TypeScript model code from YAML schemas.
@main
struct ModelgenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "modelgen",
        abstract: "Generates reactive model code for Swift, Kotlin and TypeScript from YAML schemas.",
        discussion: """
        A schema describes Firestore-style collections and the live streams derived from them:

          model: Chat
          collections:
            Message:
              path: chatrooms/{roomId}/messages
              fields:
                text: string
                ownerUid: string
                createdAt: timestamp?
              orderBy: createdAt desc
            Member:
              path: chatrooms/{roomId}/members
              fields:
                name: string
          streams:
            messages:   { from: Message }
            members:    { from: Member }
            myMessages: { filter: messages, where: ownerUid == $uid }
            speakCount: { count: myMessages }
            messagesWithOwners:
              join: messages
              with: members
              on: ownerUid == id
              as: owner

        Example: modelgen schemas/ --out Generated/
        Options of the default command: modelgen help generate
        """,
        version: modelgenVersion,
        subcommands: [GenerateCommand.self, VerifyCommand.self],
        defaultSubcommand: GenerateCommand.self
    )
}

/// The version `modelgen --version` prints.
let modelgenVersion = "0.1.0"

/// Prints diagnostics on standard error, one per line.
func report(_ error: DiagnosticsError) {
    FileHandle.standardError.write(Data((error.description + "\n").utf8))
}
