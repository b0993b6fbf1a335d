#include "CUnwind.h"
