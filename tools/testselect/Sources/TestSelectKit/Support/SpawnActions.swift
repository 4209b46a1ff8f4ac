#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `posix_spawn_file_actions_t`, whose Swift type differs between Glibc and Darwin.
struct SpawnActions {
    #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
    #else
        var actions = posix_spawn_file_actions_t()
    #endif

    init() {
        posix_spawn_file_actions_init(&actions)
    }

    mutating func dup(_ descriptor: Int32, to target: Int32) {
        posix_spawn_file_actions_adddup2(&actions, descriptor, target)
    }

    mutating func open(_ path: String, as target: Int32, flags: Int32) {
        posix_spawn_file_actions_addopen(&actions, target, path, flags, 0)
    }

    mutating func changeDirectory(_ path: String) {
        guard let function = ChangeDirectoryAction.function else { return }
        _ = withUnsafeMutablePointer(to: &actions) { pointer in
            path.withCString { function(UnsafeMutableRawPointer(pointer), $0) }
        }
    }

    mutating func withPointer<T>(_ body: (UnsafeMutablePointer<posix_spawn_file_actions_t>) -> T) -> T {
        withUnsafeMutablePointer(to: &actions, body)
    }

    mutating func destroy() {
        posix_spawn_file_actions_destroy(&actions)
    }
}

/// `posix_spawn_file_actions_addchdir_np`, looked up at run time (the C headers hide it from Swift on Glibc).
enum ChangeDirectoryAction {
    typealias Function = @convention(c) (UnsafeMutableRawPointer, UnsafePointer<CChar>) -> Int32

    static let function: Function? = {
        #if canImport(Darwin)
            let handle = UnsafeMutableRawPointer(bitPattern: -2)
        #else
            let handle: UnsafeMutableRawPointer? = nil
        #endif
        guard let symbol = dlsym(handle, "posix_spawn_file_actions_addchdir_np") else { return nil }
        return unsafeBitCast(symbol, to: Function.self)
    }()

    static var isAvailable: Bool { function != nil }
}
