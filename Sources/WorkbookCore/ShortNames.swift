// The short names of WorkbookCore's nested public types (see WorkbookModel's ShortNames.swift).
import WorkbookModel
import WorkbookRunner
import WorkbookSupport

typealias VerifyOptions = Verifier.Options
typealias VerifyEvent = Verifier.Event
typealias FileDiagnostic = ExerciseCheck.FileDiagnostic
typealias ProgressFile = ExerciseBook.ProgressFile
typealias BookScaffold = Book.Scaffold
