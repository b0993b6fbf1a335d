#pragma once
// Introspection of this process's own memory: safe reads, the Swift runtime's
// reference-count and demangling entry points, RemoteMirror reflection.

#include "SafeRead.h"
#include "SwiftRuntime.h"
#include "RemoteMirror.h"
