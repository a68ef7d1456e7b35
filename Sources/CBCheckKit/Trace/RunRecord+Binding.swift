/// What a run knows for binding events its lines left unbound (`BindingNote`): its one unnamed
/// session and its unnamed tasks, the named tasks still in flight.
extension RunRecord {
    /// The run's session while no line of it has named one.
    enum UnnamedSession {
        /// No event went to it.
        case unused
        /// Events went to it (`BindingNote.unnamedSession`); the first named session renames it.
        case bound
        /// A line named it, or the run named a session first: it takes no more events.
        case closed
    }

    /// The run's tasks while no line of it has named a task: one at a time, in log order.
    struct UnnamedTasks {
        /// The number of the current (or last) unnamed task; 0 before the first.
        var number = 0
        /// Whether the current one is still in flight (its didCompleteWithError has not come).
        var isOpen = false
        /// Two tasks overlapped (a second made while one was in flight): no more are bound.
        var isAmbiguous = false
    }

    /// Gives the run's unnamed session the identifier `identifier`, everywhere the run keeps it.
    func nameUnnamedSession(_ identifier: String) {
        let unnamed = BindingNote.unnamedSession
        unnamedSession = .closed
        if let index = identifiers.firstIndex(of: unnamed) {
            identifiers[index] = identifier
            if identifiers.firstIndex(of: identifier) != index { identifiers.remove(at: index) }
        }
        waitingHandlers = waitingHandlers.map { $0 == unnamed ? identifier : $0 }
        for record in taskRecords.values where record.session == unnamed { record.session = identifier }
        renameTemporaryFiles(from: unnamed, to: identifier)
    }

    /// The session of every handleEvents handler still waiting, when they are all one session's.
    var onlyWaitingHandler: String? {
        guard let first = waitingHandlers.first, waitingHandlers.allSatisfy({ $0 == first }) else { return nil }
        return first
    }

    /// Keeps the count of named tasks in flight in step with a task number a line named: a flag on
    /// the task's record (looked up once for a stretch of one task's lines), not a set hashed per line.
    func noteNamedTask(_ task: String, completing: Bool) {
        hasNamedTask = true
        let record = makeTask(task)
        if completing {
            if record.isInFlight {
                record.isInFlight = false
                tasksInFlight -= 1
            }
        } else if !record.isInFlight {
            record.isInFlight = true
            tasksInFlight += 1
        }
    }

    /// The named task in flight, when it is the only one.
    var onlyTaskInFlight: String? {
        guard tasksInFlight == 1 else { return nil }
        return taskRecords.first { $0.value.isInFlight }?.key
    }
}

extension RunRecord {
    /// Records that background task `bgtask` was begun (`inProgress`) or ended.
    func noteBackgroundTask(_ bgtask: String, inProgress: Bool) {
        if inProgress {
            if !backgroundTasksInProgress.contains(bgtask) { backgroundTasksInProgress.append(bgtask) }
        } else {
            backgroundTasksInProgress.removeAll { $0 == bgtask }
        }
    }
}
