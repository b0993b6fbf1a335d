#include "CRemoteMirror.h"
